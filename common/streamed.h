/* Streamed server rendering undone: the tree a browser shows once the
 * page's own scripts have run.
 *
 * React's streaming renderer (Next.js and others) sends a page in pieces:
 * where a part is not ready it writes a placeholder, and the part comes
 * later, at the end of the body, in <div hidden id="S:N">, with a script
 * that moves it into place: $RC("B:N", "S:N") for a Suspense boundary
 * (<template id="B:N">, the fallback after it up to the comment "/$"
 * removed) and $RS("S:N", "P:N") for a segment (<template id="P:N">).
 * streamed_place() does what those scripts do, so the parts are shown
 * (not hidden) and where they belong (the sidebar's in the sidebar).  A
 * part without its placeholder stays as it is: hidden. */
#ifndef CRAWLUTILS_STREAMED_H
#define CRAWLUTILS_STREAMED_H

#include <stddef.h>

#include <libxml/tree.h>

/* Put every streamed part of doc where its placeholder is. */
void streamed_place(xmlDoc *doc);

#endif
