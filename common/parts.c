#define _POSIX_C_SOURCE 200809L	/* O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "parts.h"
#include "xalloc.h"

void
parts_open(struct parts *pt, const char *prefix, unsigned n)
{
	size_t size = PARTS_MEMORY / n;

	if (size > OUT_BUFSIZE)
		size = OUT_BUFSIZE;
	if (size < 4096)
		size = 4096;
	pt->n = n;
	pt->namelen = strlen(prefix) + 8;	/* ".65535" and a NUL */
	pt->names = xmalloc(n * pt->namelen);
	pt->o = xmalloc(n * sizeof *pt->o);
	for (unsigned j = 0; j < n; j++) {
		char *name = pt->names + j * pt->namelen;
		int fd;

		snprintf(name, pt->namelen, "%s.%u", prefix, j);
		fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (fd < 0)
			diag_fatal("%s: %s", name, strerror(errno));
		out_init_size(&pt->o[j], fd, name, size);
	}
}

void
parts_close(struct parts *pt)
{
	for (unsigned j = 0; j < pt->n; j++)
		out_close(&pt->o[j]);
	free(pt->o);
	free(pt->names);
	pt->o = NULL;
	pt->names = NULL;
	pt->n = 0;
}

static unsigned
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	if (c >= 'a' && c <= 'f')
		return (unsigned)(c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (unsigned)(c - 'A' + 10);
	return 0;
}

unsigned
parts_of_hex(const char *hex, unsigned nparts)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++)
		v = v << 4 | hexval(hex[i]);
	return v % nparts;
}
