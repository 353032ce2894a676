#!/usr/bin/env python3
import sys
rows=[l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
apps={}
for app, when, method, path, st, served in rows:
    apps.setdefault(app, []).append((when, method, path, st, served))
titles={"all":"Every app: stripes-core login and start-up"}
out=[]
for app, rs in apps.items():
    out.append(f"\n## {titles.get(app, app)}\n")
    out.append("| when | call | served | answer to the probe |")
    out.append("| --- | --- | --- | --- |")
    for when, method, path, st, served in rs:
        s = "yes" if served=="yes" else ("**no**" if served=="no" else "yes (not probed)")
        p = path.replace("|","\\|")
        out.append(f"| {when} | `{method} {p}` | {s} | {st if st else '—'} |")
print("\n".join(out))
