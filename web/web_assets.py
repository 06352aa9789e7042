#!/usr/bin/env python3
"""web_assets.py ASSETS OUT - the files the browser build preloads.

OUT gets DejaVuSans.ttf and lang/*.json from ASSETS, each catalogue with the
browser's own words from web/catalogue-web.json put over its keys (Ctrl+S
downloads instead of saving beside the scene, Esc does not quit a page...).
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    assets, out = sys.argv[1], sys.argv[2]
    os.makedirs(os.path.join(out, "lang"), exist_ok=True)
    shutil.copyfile(os.path.join(assets, "DejaVuSans.ttf"), os.path.join(out, "DejaVuSans.ttf"))
    with open(os.path.join(HERE, "catalogue-web.json"), encoding="utf-8") as f:
        web = json.load(f)
    for name in sorted(os.listdir(os.path.join(assets, "lang"))):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(assets, "lang", name), encoding="utf-8") as f:
            cat = json.load(f)
        cat.update(web.get(name[:-5], {}))  # others: tr() falls back to English
        with open(os.path.join(out, "lang", name), "w", encoding="utf-8") as f:
            json.dump(cat, f, ensure_ascii=False, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
