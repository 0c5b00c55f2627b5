/* The path of an ID that is a URL, and nearpairs' rule against pairing
 * two versions of one document.  Only what that rule needs is parsed:
 * "scheme://authority/path?query#fragment", the path running from the
 * first "/" after "://" to "?", "#" or the end.  Nothing is decoded or
 * normalized (that is urlnorm's job, upstream).
 *
 * A version-like segment is a whole path segment that is "v" or "V"
 * followed by digits and dot-separated digits (v1, V2.0), two or more
 * dot-separated runs of digits (1.2, 2.0.1), or a year 1900-2099.
 * Two IDs are distinct versions when both are URLs and, comparing their
 * path segments position by position from the first, some position holds
 * version-like segments in both that differ byte for byte. */
#ifndef CRAWLUTILS_VERSIONS_H
#define CRAWLUTILS_VERSIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "field.h"

/* The path of s if s is a URL (it may be empty); false if it is not. */
bool versions_path(const char *s, size_t n, struct span *path);
bool versions_like(const char *seg, size_t n);
bool versions_distinct(const char *a, size_t na, const char *b,
    size_t nb);
/* Append to out a string that is the same for two IDs exactly when every
 * ID is a distinct version of both or of neither: the positions and
 * bytes of the version-like segments (nothing if there are none). */
void versions_class(const char *s, size_t n, struct buf *out);

#endif
