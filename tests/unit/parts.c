/* Unit tests of common/parts.c. */
#define _POSIX_C_SOURCE 200809L	/* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "parts.h"

#include "unit.h"

void
test_parts(void)
{
	struct parts pt;
	char dir[] = "/tmp/crawlutils-parts.XXXXXX", prefix[64], name[80];
	FILE *f;
	char line[16] = "";

	ok(parts_of_hex("0000ff", 7) == 0 && parts_of_hex("ffff", 1) == 0 &&
	    parts_of_hex("2d71", 3) == 2 && parts_of_hex("2D71", 3) == 2 &&
	    parts_of_hex("ffff", 65536) == 65535 &&
	    parts_of_hex("0001", 65536) == 1,
	    "parts: a digest's first 16 bits mod P");
	if (mkdtemp(dir) == NULL) {
		ok(0, "parts: a temporary directory");
		return;
	}
	snprintf(prefix, sizeof prefix, "%s/p", dir);
	parts_open(&pt, prefix, 3);
	ok(pt.n == 3 && pt.o[0].cap == OUT_BUFSIZE, "parts: 256 KB a file");
	out_write(&pt.o[2], "x\n", 2);
	parts_close(&pt);
	snprintf(name, sizeof name, "%s.2", prefix);
	if ((f = fopen(name, "r")) != NULL) {
		if (fgets(line, sizeof line, f) == NULL)
			line[0] = '\0';
		fclose(f);
	}
	ok(line[0] == 'x', "parts: PREFIX.J written");
	for (int j = 0; j < 3; j++) {
		snprintf(name, sizeof name, "%s.%d", prefix, j);
		ok(unlink(name) == 0, "parts: PREFIX.J made, empty or not");
	}
	parts_open(&pt, prefix, 1000);
	ok(pt.o[999].cap == PARTS_MEMORY / 1000, "parts: 16 MB shared by 1000");
	parts_close(&pt);
	for (int j = 0; j < 1000; j++) {
		snprintf(name, sizeof name, "%s.%d", prefix, j);
		unlink(name);
	}
	rmdir(dir);
}
