#!/usr/bin/env python3
"""A webhook receiver for the outbox's integration tests (Python's http.server).

Listens on 127.0.0.1 on a free port, prints "PORT <n>" once it does, and appends one JSON line
per POST to the file given: its path, Idempotency-Key and Content-Type headers, body, and the
status it answered. It answers 500 while it is told to fail (for the first --fail-seconds after
it starts, and always for paths under /fail/), else 200.
"""
import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()


def make_handler(out, fail_until):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            failing = time.monotonic() < fail_until or self.path.startswith("/fail/")
            status = 500 if failing else 200
            record = {
                "path": self.path,
                "key": self.headers.get("Idempotency-Key"),
                "content_type": self.headers.get("Content-Type"),
                "body": body.decode("utf-8", "replace"),
                "status": status,
                "time": time.time(),
            }
            with lock:
                out.write(json.dumps(record) + "\n")
                out.flush()
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out", help="JSON lines file, one line per request")
    parser.add_argument("--fail-seconds", type=float, default=0.0)
    args = parser.parse_args()
    out = open(args.out, "a", encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(out, time.monotonic() + args.fail_seconds))
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
