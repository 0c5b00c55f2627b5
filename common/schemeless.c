#include <string.h>

#include "schemeless.h"

/* The bytes the URL parser skips at the start: C0 controls and space. */
static size_t
skip_lead(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (unsigned char)s[i] <= 0x20)
		i++;
	return i;
}

static bool
label_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_' || c >= 0x80;
}

/* "localhost" in any case (ASCII only: no locale) */
static bool
is_localhost(const char *h, size_t n)
{
	static const char l[] = "localhost";

	if (n != sizeof l - 1)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((h[i] | 0x20) != l[i])
			return false;
	return true;
}

/* A domain of two labels or more, or "localhost". */
static bool
name_ok(const char *h, size_t n)
{
	size_t labels = 0, len = 0;

	if (is_localhost(h, n))
		return true;
	for (size_t i = 0; i < n; i++) {
		if (h[i] == '.') {
			if (len == 0)
				return false;
			labels++;
			len = 0;
		} else if (label_byte((unsigned char)h[i]))
			len++;
		else
			return false;
	}
	/* "a.b" or "a.b.": the trailing dot ends the last label */
	return labels + (len > 0) >= 2;
}

bool
schemeless_is(const char *s, size_t n)
{
	size_t i = skip_lead(s, n), h = i, he;

	/* the host ends at the port, the path, the query or the fragment */
	if (i < n && s[i] == '[') {
		const char *rb = memchr(s + i, ']', n - i);

		if (rb == NULL)
			return false;
		for (const char *c = s + i + 1; c < rb; c++)
			if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f') ||
			    (*c >= 'A' && *c <= 'F') || *c == ':' || *c == '.'))
				return false;
		i = (size_t)(rb - s) + 1;
		he = i;
	} else {
		while (i < n && s[i] != ':' && s[i] != '/' && s[i] != '\\' &&
		    s[i] != '?' && s[i] != '#')
			i++;
		he = i;
		if (!name_ok(s + h, he - h))
			return false;
	}
	if (i < n && s[i] == ':') {
		size_t d = ++i;

		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == d)
			return false;
	}
	return i == n || s[i] == '/' || s[i] == '\\' || s[i] == '?' ||
	    s[i] == '#';
}

bool
schemeless_prefix(const char *scheme, const char *s, size_t n,
    struct buf *b)
{
	size_t i;

	if (!schemeless_is(s, n))
		return false;
	i = skip_lead(s, n);
	b->len = 0;
	buf_append(b, scheme, strlen(scheme));
	buf_append(b, "://", 3);
	buf_append(b, s + i, n - i);
	return true;
}
