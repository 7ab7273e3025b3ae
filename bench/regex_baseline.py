"""The Python baseline for regex search (bench/run.ts runs it in the same run as ours).

A plain implementation of the same tool semantics as src/core/tools/runtime.ts:
records prepared once per task (field texts and reply lines, as TaskIndex does),
then per call: argument checks, the compiled regex (Python's `re` caches it),
a field-by-field search, and the paged reply text. Python's `re` backtracks,
which these patterns never make slow.

stdin: {"records": [...], "patterns": [...], "ms": 1500, "tool": "search_contacts"}
stdout: {"calls_per_s": N (wall clock), "calls_per_cpu_s": N (process CPU time), "totals": [hits per pattern]}
"""
import json
import re
import sys
import time

PAGE_SIZE = 5
MODES = ("fixed", "regex", "fuzzy")


def value_text(value):
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def prepare(records):
    return [
        ([(key, value_text(value)) for key, value in record.items()], json.dumps(record, ensure_ascii=False, separators=(",", ":")))
        for record in records
    ]


PARAMETERS = ("pattern", "field", "mode", "ignore_case", "page")


def search(prepared, fields, tool, app, args):
    unknown = [name for name in args if name not in PARAMETERS]
    if unknown:
        return False, f'{tool}: Unknown parameter "{unknown[0]}". {tool} takes: {", ".join(PARAMETERS)}.', 0
    pattern = args.get("pattern")
    if not isinstance(pattern, str):
        return False, f'{tool}: "pattern" must be a string.', 0
    field = args.get("field")
    mode = args.get("mode", "fixed")
    ignore_case = args.get("ignore_case", True)
    page = args.get("page", 1)
    if mode not in MODES:
        return False, f"{tool}: mode must be one of {', '.join(MODES)}.", 0
    if not isinstance(ignore_case, bool):
        return False, f'{tool}: "ignore_case" must be a boolean.', 0
    if not isinstance(page, int) or page < 1:
        return False, f"{tool}: page must be 1 or more.", 0
    if field is not None and field not in fields:
        return False, f'{tool}: unknown field "{field}".', 0
    try:
        regex = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as err:
        return False, f"{tool}: Invalid regular expression {json.dumps(pattern)}: {err}", 0
    found = regex.search
    hits = [line for texts, line in prepared if any(found(text) for key, text in texts if field is None or key == field)]
    what = f"{json.dumps(pattern, ensure_ascii=False)} in {app}"
    total = len(hits)
    if total == 0:
        return True, f"No results for {what}. Try other keywords, another field or mode, or another app.", 0
    plural = "" if total == 1 else "s"
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    if page > pages:
        return True, f"Page {page} does not exist: {total} result{plural} for {what} make {pages} pages.", total
    more = f" More results: call {tool} again with page {page + 1}." if page < pages else " This is the last page."
    start = (page - 1) * PAGE_SIZE
    lines = [f"{total} result{plural} for {what}, page {page} of {pages}.{more}"]
    lines.extend(f"{start + i + 1}. {line}" for i, line in enumerate(hits[start : start + PAGE_SIZE]))
    return True, "\n".join(lines), total


def main():
    spec = json.load(sys.stdin)
    tool = spec.get("tool", "search_contacts")
    app = spec.get("app", "contacts")
    prepared = prepare(spec["records"])
    fields = {key for texts, _ in prepared for key, _ in texts}
    calls = [{"pattern": p, "mode": "regex"} for p in spec["patterns"]]
    totals = [search(prepared, fields, tool, app, args)[2] for args in calls]
    budget = spec.get("ms", 1500) / 1000
    n = len(calls)
    warm_until = time.perf_counter() + min(0.2, budget / 4)
    i = 0
    while time.perf_counter() < warm_until:
        search(prepared, fields, tool, app, calls[i % n])
        i += 1
    rates = {}
    for name, clock in (("calls_per_s", time.perf_counter), ("calls_per_cpu_s", time.process_time)):
        done = 0
        start = clock()
        now = start
        while now - start < budget:
            for _ in range(100):
                search(prepared, fields, tool, app, calls[done % n])
                done += 1
            now = clock()
        rates[name] = done / (now - start)
    json.dump({**rates, "totals": totals, "python": sys.version.split()[0]}, sys.stdout)


if __name__ == "__main__":
    main()
