#!/usr/bin/env python3
"""The two files Debian's policy asks of every package, for /usr/share/doc/<package>/:
copyright, and changelog.gz (a native package's, compressed as gzip -9n: no name, no time).

    policy_files.py OUT_DIR PACKAGE VERSION DATE CHANGE
"""
import email.utils
import gzip
import sys
from pathlib import Path

MAINTAINER = 'Operator-performance book maintainers <maintainers@users.noreply.a-seed-64d260e7.example>'


def main(out, package, version, date, change):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    changelog = (f'{package} ({version}) unstable; urgency=medium\n\n'
                 f'  * {change}\n\n'
                 f' -- {MAINTAINER}  {date}\n')
    (out / 'changelog.gz').write_bytes(gzip.compress(changelog.encode(), compresslevel=9, mtime=0))
    # The source tree states no licence yet; this file says so rather than invent one.
    (out / 'copyright').write_text(
        f'{package}: the programs and the book of 算子性能：可以复算的例子.\n\n'
        f'Copyright {email.utils.parsedate_to_datetime(date).year} 算子性能复算组 '
        '(the operator-performance book maintainers).\n'
        'The source tree states no licence: all rights are reserved by the authors\n'
        'until one is chosen.\n', encoding='utf-8')
    return 0


if __name__ == '__main__':
    if len(sys.argv) != 6:
        print('usage: policy_files.py OUT_DIR PACKAGE VERSION DATE CHANGE', file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
