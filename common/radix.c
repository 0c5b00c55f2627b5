#include "radix.h"

static void
insertion_u64(uint64_t *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint64_t v = a[i];
		size_t j = i;

		for (; j > 0 && a[j - 1] > v; j--)
			a[j] = a[j - 1];
		a[j] = v;
	}
}

/* In-place MSD radix sort (American flag sort): the pairs are the one
 * thing that may outgrow nearpairs' tables, so they get no scratch copy. */
static void
flag_sort(uint64_t *a, size_t n, int shift)
{
	size_t cnt[256] = { 0 }, head[256], tail[256];

	if (n <= 32) {
		insertion_u64(a, n);
		return;
	}
	for (size_t i = 0; i < n; i++)
		cnt[a[i] >> shift & 255]++;
	for (size_t v = 0, sum = 0; v < 256; v++) {
		head[v] = sum;
		sum += cnt[v];
		tail[v] = sum;
	}
	for (size_t v = 0; v < 256; v++) {
		while (head[v] < tail[v]) {
			uint64_t x = a[head[v]];
			size_t d = x >> shift & 255;

			if (d == v) {
				head[v]++;
				continue;
			}
			/* cycle x into its bucket until one lands here */
			while (d != v) {
				uint64_t y = a[head[d]];

				a[head[d]++] = x;
				x = y;
				d = x >> shift & 255;
			}
			a[head[v]++] = x;
		}
	}
	if (shift == 0)
		return;
	for (size_t v = 0, start = 0; v < 256; v++) {
		if (cnt[v] > 1)
			flag_sort(a + start, cnt[v], shift - 8);
		start += cnt[v];
	}
}

void
radix_sort_u64(uint64_t *a, size_t n)
{
	flag_sort(a, n, 56);
}
