#!/usr/bin/env python3
"""The text of the HTML that cmark-gfm makes of our Markdown, one block a
line as htmltext writes its flat text: headings, paragraphs, list items,
lines of code blocks, table rows (non-empty cells joined by TAB, a <br>
inside a cell a space), white space collapsed.  Used by the tests to
check that --markdown holds the same blocks, in the same order, as the
flat text.  Usage: cmark-gfm -e table page.md | mdtext.py"""
import html.parser
import re
import sys

BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote",
          "ul", "ol", "table", "thead", "tbody", "tr", "hr", "div"}


class Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines, self.cur, self.cells, self.pre, self.row = [], [], [], 0, 0

    def flush(self):
        s = re.sub(r"\s+", " ", "".join(self.cur)).strip()
        if s:
            self.lines.append(s)
        self.cur = []

    def handle_starttag(self, tag, attrs):
        if tag == "br":
            self.cur.append(" " if self.row else "\n")
            if not self.row:
                self.flush()
        elif tag == "pre":
            self.flush()
            self.pre += 1
        elif tag in ("td", "th"):
            self.cur = []
        elif tag in BLOCKS:
            self.flush()
            if tag == "tr":
                self.row, self.cells = 1, []

    def handle_endtag(self, tag):
        if tag == "pre":
            for line in "".join(self.cur).split("\n"):
                if line.strip(" \t"):
                    self.lines.append(line.rstrip(" \t\r"))
            self.cur = []
            self.pre -= 1
        elif tag in ("td", "th"):
            s = re.sub(r"\s+", " ", "".join(self.cur)).strip()
            if s:
                self.cells.append(s)
            self.cur = []
        elif tag == "tr":
            if self.cells:
                self.lines.append("\t".join(self.cells))
            self.row, self.cells, self.cur = 0, [], []
        elif tag in BLOCKS:
            self.flush()

    def handle_data(self, data):
        self.cur.append(data)


p = Text()
p.feed(sys.stdin.read())
p.close()
p.flush()
for line in p.lines:
    print(line)
