/* A plain driver for the fuzz targets: runs LLVMFuzzerTestOneInput on
 * every file named, or on every file in the directories named, so the
 * seed corpora run in `make check` without clang or libFuzzer. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL) {
		perror(path);
		return 1;
	}
	do {
		if (cap - len < 65536) {
			cap = cap ? cap * 2 : 65536;
			if ((data = realloc(data, cap)) == NULL)
				abort();
		}
		n = fread(data + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		perror(path);
		fclose(f);
		free(data);
		return 1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	return 0;
}

int
main(int argc, char *argv[])
{
	int status = 0, files = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;
		DIR *d;
		struct dirent *e;

		if (stat(argv[i], &st) < 0) {
			perror(argv[i]);
			status = 1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			status |= run_file(argv[i]);
			files++;
			continue;
		}
		if ((d = opendir(argv[i])) == NULL) {
			perror(argv[i]);
			status = 1;
			continue;
		}
		while ((e = readdir(d)) != NULL) {
			char path[4096];

			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			status |= run_file(path);
			files++;
		}
		closedir(d);
	}
	printf("%d inputs\n", files);
	return status || files == 0;
}
