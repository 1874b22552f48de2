import CommandLineInterface

CommandLineProgram(command: DisplayProbe.self).main()
