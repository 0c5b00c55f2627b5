#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "readwin.h"
#include "xalloc.h"

void *
readwin_room(void *buf, size_t *cap, size_t end, size_t upto)
{
	if (*cap - end < READWIN_CHUNK / 2 || *cap < upto)
		buf = xgrow(buf, cap, (upto > end ? upto : end) +
		    READWIN_CHUNK);
	return buf;
}

size_t
readwin_shift(void *buf, size_t keep, size_t end)
{
	char *b = buf;

	memmove(b, b + keep, end - keep);
	return end - keep;
}

ssize_t
readwin_read(int fd, void *p, size_t n)
{
	ssize_t got;

	do
		got = read(fd, p, n);
	while (got < 0 && errno == EINTR);
	return got;
}
