"""LEDGER_CHECK_CHAPTERS: the book-wide checks (chapters/flag-table, chapters/hostile-environment,
chapters/golden-files, chapters/output-width, chapters/test-names) narrowed to some chapters, for the tools that check
one chapter: scripts/rebuild-chapter, scripts/preview and the template test set it to the
chapter they built (the other chapters' programs may be stale there, or not built at all)."""
import os
import sys


def narrowed(items, tool, key, none_is_fine=False):
    """The items whose key (a chapter, or a path under build/chapters/<chapter>/) names one of
    LEDGER_CHECK_CHAPTERS (space-separated; unset or empty: every item). Exits naming the
    variable when it leaves nothing to check (a check of nothing must not pass), unless
    none_is_fine: a chapter may have no unit tests, so no unit-test executable to check."""
    wanted = os.environ.get("LEDGER_CHECK_CHAPTERS", "").split()
    if not wanted:
        return items
    kept = [item for item in items if any(key(item) == c or f"/chapters/{c}/" in key(item) for c in wanted)]
    if not kept and none_is_fine:
        print(f"{tool}: nothing of {' '.join(wanted)} to check (LEDGER_CHECK_CHAPTERS)")
        return kept
    if not kept:
        sys.exit(f"{tool}: LEDGER_CHECK_CHAPTERS={' '.join(wanted)} names none of the chapters it was given")
    print(f"{tool}: {len(kept)} of {len(items)} checked, those of {' '.join(wanted)} (LEDGER_CHECK_CHAPTERS)")
    return kept
