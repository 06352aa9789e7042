#!/usr/bin/env python3
"""make-icon.py OUT.png - the lab's 128x128 icon: a green circle and a
rectangle that overlap, the overlap hatched as the lab draws a collision.
Pure Python (zlib), so the icon can be rebuilt anywhere."""
import struct, sys, zlib

N = 128
BG, FREE, HIT, HATCH, INK = (22, 24, 30, 255), (46, 168, 92, 255), (222, 58, 48, 255), (111, 29, 24, 255), (236, 238, 242, 255)

def pixel(x, y):
    cx, cy = x + 0.5, y + 0.5
    # rounded square background
    r = 22
    dx, dy = max(r - cx, 0, cx - (N - r)), max(r - cy, 0, cy - (N - r))
    if dx * dx + dy * dy > r * r:
        return (0, 0, 0, 0)
    in_circle = (cx - 50) ** 2 + (cy - 56) ** 2 <= 32 ** 2
    in_rect = 56 <= cx <= 110 and 44 <= cy <= 100
    edge_c = abs(((cx - 50) ** 2 + (cy - 56) ** 2) ** 0.5 - 32) < 2.0
    edge_r = (56 <= cx <= 110 and 44 <= cy <= 100) and min(cx - 56, 110 - cx, cy - 44, 100 - cy) < 3.0
    if in_circle and in_rect:
        return HATCH if int(cx + cy) % 10 < 4 else HIT
    if edge_c or edge_r:
        return INK
    if in_circle or in_rect:
        return FREE
    return BG

rows = b"".join(b"\0" + b"".join(struct.pack("4B", *pixel(x, y)) for x in range(N)) for y in range(N))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 6, 0, 0, 0)) + \
      chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
