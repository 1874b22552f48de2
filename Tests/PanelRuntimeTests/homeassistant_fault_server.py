"""A WebSocket server that speaks Home Assistant's WebSocket API badly on purpose, for
HomeAssistantFaultTests: the faults a real Home Assistant cannot be made to produce. Debian's
python3-websockets (10.4), run with /usr/bin/python3.

    homeassistant_fault_server.py --mode MODE --directory DIR --entities input_boolean.a,light.b \
        [--certificate server.crt --key server.key]

With --certificate and --key it speaks TLS only (wss://, Python's ssl module): every TLS
ClientHello is then the connection's line in DIR/connections and "tls hello" in DIR/server.log
(so a client that refuses the certificate is still counted), and a connection that got through
the handshake logs "tls TLSv1.3" (its version) before anything else.

Listens on 127.0.0.1 and a free port, written to DIR/port once listening. Every connection
appends one line to DIR/connections ("<n> <monotonic seconds>"); what the server did to it goes
to DIR/server.log. A well-behaved connection (the modes that get as far as that) signs in any
token, answers `get_states` (as `switchpanel ha-entities` asks) and `subscribe_entities` with every
entity on, answers pings, and then does its mode's fault:

  garbage     non-JSON text, a binary frame, JSON of the wrong shape, an unknown message type,
              a result and an event whose ids match nothing; then a real change (the first entity
              off) and, after DIR/close appears, a close
  oversized   one 16 MiB text frame, then a real change (the first entity off) and the same close
  stall-frame the first bytes of a frame that announces 1000, and then nothing (the TCP stays open)
  stall-auth  the same instead of auth_required
  close-auth  auth_required, then the TCP closed when the token comes (no close frame)
  auth-invalid auth_invalid for any token, then a close
  silent-auth auth_required, and then nothing: the token is never answered
  good        no fault: a change (the first entity off), then every call_service is logged
              ("call_service <domain>.<service> <entity>"), answered with a result and confirmed
              with the entity's new state, and pings answered
"""

import argparse
import asyncio
import json
import os
import pathlib
import ssl
import time

import websockets

SIXTEEN_MIB = 16 << 20


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", required=True)
    parser.add_argument("--directory", required=True)
    parser.add_argument("--entities", required=True)
    parser.add_argument("--certificate")
    parser.add_argument("--key")
    args = parser.parse_args()
    tls = None
    if args.certificate:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args.certificate, args.key)
    asyncio.run(serve(args.mode, pathlib.Path(args.directory), args.entities.split(","), tls))


async def serve(mode: str, directory: pathlib.Path, entities: list[str], tls) -> None:
    count = 0

    def note(text: str) -> None:
        with open(directory / "server.log", "a") as f:
            f.write(f"{time.monotonic():.3f} {text}\n")

    def counted() -> None:
        nonlocal count
        count += 1
        with open(directory / "connections", "a") as f:
            f.write(f"{count} {time.monotonic():.3f}\n")
        note(f"connection {count}")

    if tls is not None:
        # Called in the middle of the handshake, with or without a server name: a connection
        # whose handshake the client then gives up is counted too.
        def hello(ssl_object, server_name, context):
            counted()
            note("tls hello")
        tls.sni_callback = hello

    async def stall(ws) -> None:
        # A text frame's header announcing 1000 bytes (server frames are not masked), 10 of them.
        ws.transport.write(bytes([0x81, 126, 0x03, 0xE8]) + b'{"type":"a')
        note("stalled mid-frame")
        await asyncio.sleep(3600)

    async def good(ws, subscription) -> None:
        async for text in ws:
            message = json.loads(text)
            if message.get("type") == "ping":
                await ws.send(json.dumps({"id": message["id"], "type": "pong"}))
            elif message.get("type") == "call_service":
                entity = message["target"]["entity_id"]
                note(f"call_service {message['domain']}.{message['service']} {entity}")
                await ws.send(json.dumps({"id": message["id"], "type": "result", "success": True, "result": {}}))
                state = "on" if message["service"] == "turn_on" else "off"
                change = {"c": {entity: {"+": {"s": state}}}}
                await ws.send(json.dumps({"id": subscription, "type": "event", "event": change}))

    async def handler(ws, *_):
        if tls is None:
            counted()
        else:
            note(f"tls {ws.transport.get_extra_info('ssl_object').version()}")
        try:
            if mode == "stall-auth":
                return await stall(ws)
            await ws.send(json.dumps({"type": "auth_required", "ha_version": "2025.4.4"}))
            auth = json.loads(await ws.recv())
            note(f"auth {auth.get('type')}")
            if mode == "silent-auth":
                return await asyncio.sleep(3600)
            if mode == "close-auth":
                ws.transport.abort()
                return
            if mode == "auth-invalid":
                await ws.send(json.dumps({"type": "auth_invalid", "message": "Invalid access token or password"}))
                await ws.close()
                return
            await ws.send(json.dumps({"type": "auth_ok", "ha_version": "2025.4.4"}))
            subscription = None
            async for text in ws:
                message = json.loads(text)
                if message.get("type") == "ping":
                    await ws.send(json.dumps({"id": message["id"], "type": "pong"}))
                    continue
                if message.get("type") == "get_states":  # what `switchpanel ha-entities` asks
                    states = [{"entity_id": e, "state": "on", "attributes": {"friendly_name": e.split(".")[1].upper()}}
                              for e in entities]
                    await ws.send(json.dumps({"id": message["id"], "type": "result", "success": True, "result": states}))
                    note("get_states")
                    continue
                if message.get("type") != "subscribe_entities":
                    continue
                subscription = message["id"]
                await ws.send(json.dumps({"id": subscription, "type": "result", "success": True, "result": None}))
                added = {e: {"s": "on", "a": {"friendly_name": e.split(".")[1].upper()}} for e in entities}
                await ws.send(json.dumps({"id": subscription, "type": "event", "event": {"a": added}}))
                note("subscribed")
                break
            if mode == "stall-frame":
                return await stall(ws)
            if mode == "garbage":
                for frame in [
                    "this is not JSON {",
                    b"\x00\x01binary\xff",
                    "[1, 2, 3]",
                    json.dumps({"no": "type"}),
                    json.dumps({"id": subscription, "type": "event", "event": {"c": {entities[0]: {"+": {"s": 42}}}}}),
                    json.dumps({"id": subscription, "type": "event", "event": "not an object"}),
                    json.dumps({"type": "mystery", "id": 7}),
                    json.dumps({"id": 9999, "type": "result", "success": False, "error": {"message": "nobody"}}),
                    json.dumps({"id": 9999, "type": "event", "event": {"c": {entities[0]: {"+": {"s": "off"}}}}}),
                ]:
                    await ws.send(frame)
                note("garbage sent")
            elif mode == "oversized":
                await ws.send("x" * SIXTEEN_MIB)
                note("16 MiB sent")
            change = {"c": {entities[0]: {"+": {"s": "off"}}}}
            await ws.send(json.dumps({"id": subscription, "type": "event", "event": change}))
            note("change sent")
            if mode == "good":
                return await good(ws, subscription)
            async def pings():
                async for text in ws:
                    message = json.loads(text)
                    if message.get("type") == "ping":
                        await ws.send(json.dumps({"id": message["id"], "type": "pong"}))
            answering = asyncio.ensure_future(pings())
            while not (directory / "close").exists():
                await asyncio.sleep(0.02)
            answering.cancel()
            await ws.close()
            note("closed")
        except websockets.ConnectionClosed as e:
            note(f"the panel closed: {e}")

    async with websockets.serve(handler, "127.0.0.1", 0, max_size=None, compression=None,
                                ping_interval=None, ssl=tls) as server:
        port = server.sockets[0].getsockname()[1]
        (directory / "port.new").write_text(str(port))
        os.rename(directory / "port.new", directory / "port")
        await asyncio.Future()


if __name__ == "__main__":
    main()
