#!/usr/bin/env python3
"""cjk_subset.py CATALOGUE.json OUT.otf [TTC]

Writes a subset of Noto Sans CJK TC (Regular) holding only the characters
that CATALOGUE.json (assets/lang/zh-TW.json) uses, for the browser build:
the whole collection is ~20 MB, the lab's few hundred characters ~100 KB.
Needs fontTools (Debian: python3-fonttools) and fonts-noto-cjk.
"""
import json
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

TTC = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FAMILY = "Noto Sans CJK TC"


def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    cat_path, out_path = sys.argv[1], sys.argv[2]
    ttc = sys.argv[3] if len(sys.argv) == 4 else TTC
    with open(cat_path, encoding="utf-8") as f:
        text = "".join(strings(json.load(f)))
    # every character of the catalogue; ASCII too, so a mixed run keeps
    # the CJK face's own spacing where DejaVu is not used
    chars = sorted({ord(c) for c in text} | set(range(0x20, 0x7F)))
    fonts = TTCollection(ttc).fonts
    index = next((i for i, ft in enumerate(fonts)
                  if ft["name"].getDebugName(1) == FAMILY), None)
    if index is None:
        sys.exit(f"cjk_subset.py: no '{FAMILY}' in {ttc}")
    opts = subset.Options()
    opts.font_number = index
    opts.layout_features = ["*"]
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.hinting = False
    opts.desubroutinize = False
    font = subset.load_font(ttc, opts)
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=chars)
    sub.subset(font)
    cmap = font.getBestCmap()
    missing = [c for c in chars if c >= 0x2E80 and c not in cmap]
    if missing:
        sys.exit("cjk_subset.py: the font lacks " + " ".join(f"U+{c:04X}" for c in missing))
    subset.save_font(font, out_path, opts)
    print(f"cjk_subset.py: {len(chars)} characters -> {out_path}")


if __name__ == "__main__":
    main()
