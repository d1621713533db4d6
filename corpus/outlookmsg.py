"""Outlook messages (.msg): the e-mail an agent sees when it opens the file in Outlook.

A .msg file is an OLE compound file (the container of Word 97 documents, read here with olefile). Each
property of the message is a stream named "__substg1.0_PPPPTTTT", PPPP its property id and TTTT its type
(001F text in UTF-16LE, 001E text in the sender's code page, 0102 bytes) [MS-OXMSG]. Read here: the
transport headers as the server received them (Received lines, Date, Message-ID: what Outlook shows under
"Properties"), the sender, the recipients, the subject, the plain-text body, and each attachment (storage
"__attach_version1.0_#NNNNNNNN": its file name and its bytes, read as the document it is).

A file that opens as a compound file but whose message cannot be read (cut short, its directory gone)
is unreadable, not binary: the agent is handed a message it cannot open.
"""

from __future__ import annotations

import io

import olefile

MAGIC = olefile.MAGIC
_TEXT_TYPES = ("001F", "001E")
# The properties shown as the message's header, in this order: (property id, label).
_HEADER = (("0C1A", "From"), ("0C1F", "From address"), ("0E04", "To"), ("0E03", "Cc"), ("0037", "Subject"))
_TRANSPORT = "007D"
_BODY = "1000"
_ATTACH_NAME = ("3707", "3704")  # long file name, then the 8.3 one
_ATTACH_DATA = "37010102"
MAX_ATTACHMENTS = 64


class Unreadable(Exception):
    """The file is a compound file, but no message can be read from it."""


def _text(ole: olefile.OleFileIO, prefix: str, prop: str) -> str | None:
    for kind in _TEXT_TYPES:
        name = f"{prefix}__substg1.0_{prop}{kind}"
        if ole.exists(name):
            raw = ole.openstream(name).read()
            text = raw.decode("utf-16-le", "replace") if kind == "001F" else raw.decode("cp1252", "replace")
            return text.rstrip("\x00")
    return None


def read(data: bytes) -> tuple[str, list[tuple[str, bytes]]] | None:
    """(the message's text, its attachments as (file name, bytes)), or None when the bytes are no compound
    file. Raises Unreadable for a compound file that holds no readable message."""
    if not data.startswith(MAGIC):
        return None
    try:
        ole = olefile.OleFileIO(io.BytesIO(data))
    except Exception as exc:  # olefile raises OSError, ValueError, struct errors and its own on a broken file
        raise Unreadable(f"not a complete compound file ({type(exc).__name__}: {exc})") from None
    try:
        if not any(ole.exists(f"__substg1.0_{prop}{kind}") for prop in (_BODY, "0037", _TRANSPORT)
                   for kind in _TEXT_TYPES) and not ole.exists("__properties_version1.0"):
            raise Unreadable("a compound file, but no Outlook message in it (no subject, body or properties)")
        lines: list[str] = []
        transport = _text(ole, "", _TRANSPORT)
        if transport:
            lines += [line for line in transport.replace("\r\n", "\n").split("\n") if line.strip()]
        for prop, label in _HEADER:
            value = _text(ole, "", prop)
            if value and value.strip():
                lines.append(f"{label}: {' '.join(value.split())}")
        body = _text(ole, "", _BODY)
        lines += ["", *(body or "").replace("\r\n", "\n").split("\n")]
        attachments: list[tuple[str, bytes]] = []
        storages = sorted({entry[0] for entry in ole.listdir(streams=True, storages=False)
                           if entry and entry[0].startswith("__attach_version1.0_#")})
        for storage in storages[:MAX_ATTACHMENTS]:
            name = next((n for prop in _ATTACH_NAME if (n := _text(ole, storage + "/", prop))), None)
            path = f"{storage}/__substg1.0_{_ATTACH_DATA}"
            if name and ole.exists(path):
                attachments.append((name.strip(), ole.openstream(path).read()))
        return "\n".join(lines).strip("\n"), attachments
    except Unreadable:
        raise
    except Exception as exc:
        raise Unreadable(f"its streams do not read ({type(exc).__name__}: {exc})") from None
    finally:
        ole.close()
