# The main text of each page named on the command line by
# readability-lxml (Debian's python3-readability): records PATH TAB TITLE
# TAB TEXT, the fields escaped as crawlutils records are (\\ \t \n \r).
import sys

import lxml.html
from readability import Document


def esc(s):
    return (s or '').replace('\\', '\\\\').replace('\t', '\\t') \
        .replace('\n', '\\n').replace('\r', '\\r')


out = []
for path in sys.argv[1:]:
    title = text = ''
    try:
        with open(path, 'rb') as fh:
            doc = Document(fh.read())
        title = doc.short_title()
        text = lxml.html.fromstring(doc.summary()).text_content()
    except Exception:
        pass
    out.append(esc(path) + '\t' + esc(title) + '\t' + esc(text))
sys.stdout.write('\n'.join(out) + '\n')
