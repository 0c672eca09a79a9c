#!/usr/bin/env python3
"""Joins a game over a Warpath WebSocket and prints what the server sends, one JSON per line.

A client with nothing but the standard library, for checking a server or a cluster by hand or
from a script (scripts/cluster puts nginx in front of the nodes):

    tests/scripts/ws_join.py ws://localhost:8080/ws?game=1 --game 1 [--seat red --token T]

It says hello, joins, and exits 0 once a snapshot of the game arrives; 1 on an error frame or
when nothing came in time. A `moved` error is followed as the browser client does: the join is
made again at /node/<node>/ws?game=N on the same host (at most three times).
"""
import argparse
import base64
import json
import os
import socket
import struct
import sys
import urllib.parse


def handshake(sock, host, target):
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {target} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed during the upgrade")
        head += chunk
    status = head.split(b"\r\n", 1)[0].decode()
    if " 101 " not in status + " ":
        raise ConnectionError(f"upgrade refused: {status}")
    return head.split(b"\r\n\r\n", 1)[1]


def send_text(sock, text):
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    elif len(payload) < 65536:
        header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    else:
        header += bytes([0x80 | 127]) + struct.pack("!Q", len(payload))
    sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


class Reader:
    def __init__(self, sock, rest):
        self.sock, self.buf = sock, rest

    def take(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def message(self):
        """The next text message (fragments joined); control frames are skipped or answered."""
        parts = b""
        while True:
            b0, b1 = self.take(2)
            length = b1 & 0x7F
            if length == 126:
                length = struct.unpack("!H", self.take(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self.take(8))[0]
            data = self.take(length)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise ConnectionError("closed by the server")
            if opcode in (9, 10):
                continue
            parts += data
            if b0 & 0x80:
                return parts.decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url")
    parser.add_argument("--game", type=int, required=True)
    parser.add_argument("--seat", default="spectator")
    parser.add_argument("--token", default="")
    parser.add_argument("--timeout", type=float, default=10)
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.url)
    target = url.path + (f"?{url.query}" if url.query else "")
    for _ in range(4):
        outcome = join(url, target, args)
        if not isinstance(outcome, str):
            return outcome
        target = f"/node/{urllib.parse.quote(outcome, safe='')}/ws?game={args.game}"
    print("ws_join.py: moved too many times", file=sys.stderr)
    return 1


def join(url, target, args):
    """0 on a snapshot, 1 on a failure, or the node a `moved` error names."""
    sock = socket.create_connection((url.hostname, url.port or 80), timeout=args.timeout)
    try:
        reader = Reader(sock, handshake(sock, url.netloc, target))
        hello = {"type": "hello", "client": "ws_join.py"}
        if args.token:
            hello["token"] = args.token
        send_text(sock, json.dumps(hello))
        send_text(sock, json.dumps({"type": "join", "game": args.game, "seat": args.seat}))
        while True:
            message = json.loads(reader.message())
            print(json.dumps(message)[:400], flush=True)
            if message.get("type") == "snapshot" and message.get("game") == args.game:
                return 0
            if message.get("type") == "error" and message.get("code") == "moved":
                return message["node"]
            if message.get("type") == "error":
                return 1
    except (OSError, ConnectionError) as e:
        print(f"ws_join.py: {e}", file=sys.stderr)
        return 1
    finally:
        sock.close()


if __name__ == "__main__":
    sys.exit(main())
