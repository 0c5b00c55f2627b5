#include <string.h>

#include "versions.h"

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool
versions_path(const char *s, size_t n, struct span *path)
{
	size_t i = 0, end;

	/* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), RFC 3986 */
	if (n == 0 || !is_alpha(s[0]))
		return false;
	while (i < n && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' ||
	    s[i] == '-' || s[i] == '.'))
		i++;
	if (n - i < 3 || memcmp(s + i, "://", 3) != 0)
		return false;
	i += 3;
	while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#')
		i++;
	for (end = i; end < n && s[end] != '?' && s[end] != '#'; end++)
		continue;
	path->p = s + i;
	path->n = end - i;
	return true;
}

bool
versions_like(const char *seg, size_t n)
{
	size_t i = 0, runs = 0;
	bool v = false;

	if (n > 0 && (seg[0] == 'v' || seg[0] == 'V')) {
		v = true;
		i = 1;
	}
	if (!v && n == 4 && ((seg[0] == '1' && seg[1] == '9') ||
	    (seg[0] == '2' && seg[1] == '0')) && is_digit(seg[2]) &&
	    is_digit(seg[3]))
		return true;
	for (;;) {
		size_t start = i;

		while (i < n && is_digit(seg[i]))
			i++;
		if (i == start)
			return false;
		runs++;
		if (i == n)
			break;
		if (seg[i] != '.')
			return false;
		i++;
	}
	return v || runs >= 2;
}

/* The next segment of path p[*i..n): after a "/", up to the next. */
static bool
next_segment(const struct span *p, size_t *i, struct span *seg)
{
	size_t j;

	if (*i >= p->n)
		return false;
	if (p->p[*i] == '/')
		(*i)++;
	for (j = *i; j < p->n && p->p[j] != '/'; j++)
		continue;
	seg->p = p->p + *i;
	seg->n = j - *i;
	*i = j;
	return true;
}

bool
versions_distinct(const char *a, size_t na, const char *b, size_t nb)
{
	struct span pa, pb, sa, sb;
	size_t ia = 0, ib = 0;

	if (!versions_path(a, na, &pa) || !versions_path(b, nb, &pb))
		return false;
	while (next_segment(&pa, &ia, &sa) && next_segment(&pb, &ib, &sb)) {
		if ((sa.n != sb.n || memcmp(sa.p, sb.p, sa.n) != 0) &&
		    versions_like(sa.p, sa.n) &&
		    versions_like(sb.p, sb.n))
			return true;
	}
	return false;
}

void
versions_class(const char *s, size_t n, struct buf *out)
{
	struct span p, seg;
	size_t i = 0, pos = 0;

	if (!versions_path(s, n, &p))
		return;
	while (next_segment(&p, &i, &seg)) {
		if (versions_like(seg.p, seg.n)) {
			char num[24];
			size_t len = 0;

			/* "POSITION:SEGMENT/"; a segment holds no "/" */
			for (size_t v = pos; ; v /= 10) {
				num[len++] = (char)('0' + v % 10);
				if (v < 10)
					break;
			}
			while (len > 0)
				buf_putc(out, num[--len]);
			buf_putc(out, ':');
			buf_append(out, seg.p, seg.n);
			buf_putc(out, '/');
		}
		pos++;
	}
}
