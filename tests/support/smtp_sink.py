#!/usr/bin/env python3
"""A real SMTP server for the outbox's integration tests (aiosmtpd, Debian's python3-aiosmtpd).

Listens on 127.0.0.1 on a free port, prints "PORT <n>" once it does, and appends one JSON line
per accepted message to the file given: the envelope, the Message-ID, the headers as sent and as
a mail reader decodes them (RFC 2047 words, quoted-printable), and the decoded body. With
--rcpt-delay-ms it is a slow relay: it waits that long before accepting each recipient, before the
message is sent, so that a sender killed then has delivered nothing.
"""
import argparse
import asyncio
import email
import json
from email import policy

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, path, rcpt_delay):
        self.out = open(path, "a", encoding="utf-8")
        self.rcpt_delay = rcpt_delay

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        await asyncio.sleep(self.rcpt_delay)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=policy.default)
        raw_headers = raw.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace")
        record = {
            "message_id": str(message["Message-ID"]),
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "from": str(message["From"]),
            "to": str(message["To"]),
            "subject": str(message["Subject"]),
            "date": str(message["Date"]),
            "content_type": message.get_content_type(),
            "charset": message.get_content_charset(),
            "raw_headers": raw_headers,
            "body": message.get_content(),
        }
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()
        return "250 OK: stored"


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out", help="JSON lines file, one line per message")
    parser.add_argument("--rcpt-delay-ms", type=float, default=0.0)
    args = parser.parse_args()
    sink = Sink(args.out, args.rcpt_delay_ms / 1000.0)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(sink, hostname="sink.test"), "127.0.0.1", 0)
    print("PORT %d" % server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
