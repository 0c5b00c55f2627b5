/* Inputs without a scheme, as top-site lists and crawl frontiers write
 * them: "example.com", "www.example.co.uk/path?q", "host:8080",
 * "10.0.0.1", "[::1]:8080", "localhost".  Such an input reads as
 *
 *	host [":" port] [("/" | "\" | "?" | "#") rest]
 *
 * where host is a domain name of two labels or more ("example.com",
 * "例え.jp", "a.b.c."), an IPv4 address in dotted form, an IPv6 address
 * in brackets, or "localhost" in any case; labels hold letters, digits,
 * '-', '_' and non-ASCII bytes, none is empty but a last one (a trailing
 * dot); a port is one or more digits.  Spaces and C0 controls before it
 * are skipped, as the URL parser skips them.  The URL parser judges the
 * rest: "1.2.3.256" reads as a host and is then rejected as an invalid
 * IPv4 address.
 *
 * The grammar decides, not the look of a scheme: "localhost:8080" and
 * "example.com:8080" are a host and a port, though "localhost" and
 * "example.com" are schemes by the standard's syntax; "mailto:a@b.c",
 * "a:b" and "ex.com:/cb" are not a host with a port, and stay URLs of
 * their schemes; "user@example.com", "/path", "./a", "//example.com/"
 * and "page" do not read as a host at all.  A relative path whose first
 * segment has a dot ("index.html", "v1.2/x") reads as one. */
#ifndef CRAWLUTILS_SCHEMELESS_H
#define CRAWLUTILS_SCHEMELESS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* Does s[0..n) read as a host without a scheme? */
bool schemeless_is(const char *s, size_t n);

/* If s[0..n) reads so, write scheme "://" and s (from its first byte
 * that is not a space or control) into b, replacing what b held, and
 * return true; false otherwise (b untouched). */
bool schemeless_prefix(const char *scheme, const char *s, size_t n,
    struct buf *b);

#endif
