/// Board configs more than one test module uses.
public enum BoardFixtures {
    /// Three pages on 800×480: page 0 has switches in its left column (x 341…392 of the grid) and
    /// a gap below them, and two groups ("all" and "any") of members on two pages; page 1 has a
    /// disabled switch; page 2 no title. `top` goes in at the top level (with its comma first:
    /// `, "homeAfter": 60`).
    public static func threePages(top: String = "") -> String {
        #"""
        {"version": 1\#(top),
         "pages": [
          {"title": "Downstairs", "switches": [{"id": "porch"}, {"id": "hall"},
            {"id": "all", "group": ["porch", "hall", "bed"], "mode": "all"},
            {"id": "any", "group": ["porch", "hall", "bed"]}]},
          {"title": "Upstairs", "switches": [{"id": "bed"}, {"id": "bath", "enabled": false}]},
          {"switches": [{"id": "garden"}]}
         ]}
        """#
    }
}
