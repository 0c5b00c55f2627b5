# URLs of a file (one a line) through a peer: w3lib's canonicalize_url or
# url_normalize; an error gives an empty line.
import sys

which, path = sys.argv[1], sys.argv[2]
if which == 'w3lib':
    from w3lib.url import canonicalize_url as f
else:
    from url_normalize import url_normalize as f
out = []
with open(path, encoding='utf-8', errors='surrogateescape') as fh:
    for line in fh:
        try:
            out.append(f(line.rstrip('\n')))
        except Exception:
            out.append('')
sys.stdout.write('\n'.join(out) + '\n')
