/* The Public Suffix List (https://publicsuffix.org/): the public suffix
 * of a host (the eTLD: "co.uk", "github.io") and its registrable domain
 * (eTLD+1: "example.co.uk"), looked up with libpsl.
 *
 * The list is read from a file: by default the one Debian's publicsuffix
 * package installs for libpsl (PUBSUFFIX_DEFAULT, a DAFSA), or a copy of
 * the list in its text form (public_suffix_list.dat) or as a DAFSA made
 * by psl-make-dafsa.  The answers are the list's: a newer list can give
 * other ones.  A text file is checked before libpsl reads it, since
 * libpsl takes any line of a garbage file for a rule: it must be UTF-8,
 * have the list's "===BEGIN ICANN DOMAINS===" line, and every rule must
 * be one (labels of letters, digits, '-' and '_', "*." first or '!'
 * first), in lines libpsl reads whole (at most 254 bytes).
 *
 * Rules of the ICANN section count by default; with private rules those
 * of the PRIVATE section too ("github.io", "blogspot.com"), as the list's
 * own test file assumes.  The implicit rule "*" makes every top-level
 * label a public suffix, listed or not ("localhost", "example").
 *
 * Hosts are ASCII and lowercase, as the URL parser writes a domain
 * (IDNA applied: international labels are "xn--").  One trailing dot
 * (the DNS root) does not count: "example.com." has the domain
 * "example.com".  A host with any other empty label (".example.com",
 * "a..b") is not a domain name and has no suffix or domain.  Only the
 * last PUBSUFFIX_MAX_LABELS labels are looked up, so a host of many
 * labels costs what one of that many does.
 *
 * A host whose last label has no deeper rule in the sections asked for
 * ("com" without the private section) is answered without libpsl: that
 * label is its suffix.  The labels that have deeper rules are read from
 * the DAFSA when the list is opened (a list in the text form gets no
 * shortcut).  Other answers are cached (the hosts of a crawl repeat):
 * the functions are not thread-safe. */
#ifndef CRAWLUTILS_PUBSUFFIX_H
#define CRAWLUTILS_PUBSUFFIX_H

#include <stdbool.h>
#include <stddef.h>

/* Debian's publicsuffix package: the list as a DAFSA, for libpsl */
#define PUBSUFFIX_DEFAULT	"/usr/share/publicsuffix/public_suffix_list.dafsa"
/* The deepest rule of the 2023 list has 5 labels ("*.compute.amazonaws.com.cn"
 * and 67 others); a rule ten times as deep would still be found. */
#define PUBSUFFIX_MAX_LABELS	48

struct pubsuffix;

/* Load the list at path (NULL: PUBSUFFIX_DEFAULT).  NULL on failure,
 * with the reason in err ("FILE: No such file or directory",
 * "FILE:LINE: not a Public Suffix List rule: 'x y'"). */
struct pubsuffix *pubsuffix_open(const char *path, bool private_rules,
    char *err, size_t errsize);
void pubsuffix_close(struct pubsuffix *ps);

/* Where the parts of a host begin: host[suffix..end) is the public
 * suffix, host[domain..end) the registrable domain (domain is SIZE_MAX
 * when the host is itself a public suffix), host[0..domain - 1) the
 * subdomain; end is the length without a trailing dot. */
struct pubsuffix_split {
	size_t	 suffix;
	size_t	 domain;
	size_t	 end;
};

/* Split host[0..n); false if it has an empty label (or is empty). */
bool pubsuffix_split(struct pubsuffix *ps, const char *host, size_t n,
    struct pubsuffix_split *r);

#endif
