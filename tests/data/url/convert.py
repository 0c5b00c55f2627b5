#!/usr/bin/env python3
"""Convert the URL test data to the record format, once.

Usage: tests/data/url/convert.py SRC_DIR   (SRC_DIR holds urltestdata.json,
percent-encoding.json and rfc3986.txt, as ../shared/corpora/url does; run
from anywhere, writes next to this script)

The TSV files it writes are committed, so `make check` needs neither
Python nor Node.  Fields are escaped as crawlutils(7) says (\\ \t \n \r);
a JSON string with a lone surrogate becomes U+FFFD, as a JavaScript
USVString does.

urltestdata.tsv, one case a line:
  ID  KIND(ok|fail)  INPUT  BASE(empty: none)  HREF  PROTOCOL  USERNAME
  PASSWORD  HOST  HOSTNAME  PORT  PATHNAME  SEARCH  HASH
percent-encoding.tsv: ID  INPUT  UTF-8-OUTPUT
rfc3986-examples.tsv: REFERENCE  TARGET-URI, the examples of RFC 3986
  sections 5.4.1 and 5.4.2 (base "http://a/b/c/d;p?q")
"""
import json
import os
import re
import sys


def usv(s):
    return s.encode('utf-16', 'surrogatepass').decode('utf-16', 'replace')


def esc(s):
    s = usv(s)
    for a, b in (('\\', '\\\\'), ('\t', '\\t'), ('\n', '\\n'), ('\r', '\\r')):
        s = s.replace(a, b)
    return s


def main():
    src = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    cases = [c for c in json.load(open(os.path.join(src, 'urltestdata.json'),
                                       encoding='utf-8'))
             if isinstance(c, dict)]
    comps = ('href', 'protocol', 'username', 'password', 'host', 'hostname',
             'port', 'pathname', 'search', 'hash')
    with open(os.path.join(here, 'urltestdata.tsv'), 'w', encoding='utf-8',
              newline='\n') as out:
        for i, c in enumerate(cases, 1):
            assert c['base'] != ''
            row = [str(i), 'fail' if c.get('failure') else 'ok',
                   esc(c['input']), esc(c['base'] or '')]
            row += [esc(c.get(k, '')) for k in comps]
            out.write('\t'.join(row) + '\n')
    pct = [c for c in json.load(open(os.path.join(src, 'percent-encoding.json'),
                                     encoding='utf-8'))
           if isinstance(c, dict)]
    with open(os.path.join(here, 'percent-encoding.tsv'), 'w',
              encoding='utf-8', newline='\n') as out:
        for i, c in enumerate(pct, 1):
            out.write('\t'.join([str(i), esc(c['input']),
                                 esc(c['output']['utf-8'])]) + '\n')

    rfc = open(os.path.join(src, 'rfc3986.txt'), encoding='ascii').read()
    # the second occurrences: the first ones are in the contents
    rfc = rfc[rfc.rindex('5.4.1.  Normal Examples'):
              rfc.rindex('6.  Normalization and Comparison')]
    rows = re.findall(r'^ +"([^"]*)" +=  +"([^"]*)"', rfc, re.M)
    assert len(rows) == 42, len(rows)
    with open(os.path.join(here, 'rfc3986-examples.tsv'), 'w',
              encoding='ascii', newline='\n') as out:
        for ref, target in rows:
            out.write(ref + '\t' + target + '\n')


main()
