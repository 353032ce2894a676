#!/usr/bin/env python3
"""Makes every call of FOLIO's staff screens (calls.tsv) against a running Quire as diku_admin and prints, per call,
the status and whether Quire serves it (any answer but the router's 404 'Endpoint not found'). Writes go with an empty
JSON body and random ids: a 4xx with a message shows the route exists. DELETEs are not made.

    ./probe.py http://localhost:9130 calls.tsv > probed.tsv && ./to_markdown.py probed.tsv
"""
import json, sys, urllib.error, urllib.parse, urllib.request, uuid

base, tsv = sys.argv[1], sys.argv[2]


def call(method, path, body=None, token=None):
    r = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), method=method)
    r.add_header("X-Okapi-Tenant", "diku")
    r.add_header("Content-Type", "application/json")
    if token:
        r.add_header("X-Okapi-Token", token)
    try:
        with urllib.request.urlopen(r) as resp:
            return resp.status, resp.read().decode(), resp.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), e.headers


_, _, headers = call("POST", "/authn/login", {"username": "diku_admin", "password": "admin"})
token = headers["x-okapi-token"]
user = json.loads(call("GET", "/users?limit=1&query=" + urllib.parse.quote("barcode=*"), token=token)[1])["users"][0]
item = json.loads(call("GET", "/inventory/items?limit=1", token=token)[1])["items"][0]
values = {"{U}": user["id"], "{T}": "diku", "{G}": str(uuid.uuid4()), "{SP}": "3a40852d-49fd-4df2-a1f9-6e2641a6e91f",
          "{I}": item["id"], "{H}": item["holdingsRecordId"], "{INST}": item.get("instanceId", str(uuid.uuid4())),
          "{L}": str(uuid.uuid4()), "{X}": str(uuid.uuid4())}


def first(path, key):
    """The id of the first record a GET returns, or a random id when there is none."""
    status, text, _ = call("GET", path, token=token)
    records = json.loads(text).get(key, []) if status == 200 else []
    return records[0]["id"] if records else str(uuid.uuid4())


# the catalogue apps' ids: an instance with MARC source, an authority, the jobs of data import and export, the
# default data-import job profile "Default - Create instance and SRS MARC Bib", the first data-export job profile
status, text, _ = call("GET", "/data-export/job-profiles?limit=1", token=token)
export_profile = (json.loads(text).get("jobProfiles") or [{}])[0] if status == 200 else {}
values.update({
    "{SRS}": first("/instance-storage/instances?limit=1&query=" + urllib.parse.quote("source==MARC"), "instances"),
    "{AU}": first("/authority-storage/authorities?limit=1", "authorities"),
    "{JE}": first("/metadata-provider/jobExecutions?limit=1", "jobExecutions"),
    "{DE}": first("/data-export/job-executions?limit=1", "jobExecutions"),
    "{JP}": "e34d7b92-9b83-11eb-a8b3-0242ac130003",
    "{EP}": export_profile.get("id") or str(uuid.uuid4()),
    "{MP}": export_profile.get("mappingProfileId") or str(uuid.uuid4())})
for line in open(tsv):
    app, when, method, template = line.rstrip("\n").split("\t")
    path = template
    for k, v in values.items():
        path = path.replace(k, v)
    if "?" in path:
        head, query = path.split("?", 1)
        path = head + "?" + "&".join(k + "=" + urllib.parse.quote(v, safe="")
                                     for k, _, v in (p.partition("=") for p in query.split("&")))
    if method == "DELETE":
        status, served = "", "(not probed: delete)"
    else:
        status, text, _ = call(method, path, None if method == "GET" else {}, token)
        served = "no" if status == 404 and "Endpoint not found" in text else "yes"
    print("\t".join([app, when, method, template, str(status), served]))
