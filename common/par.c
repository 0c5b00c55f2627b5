#include <pthread.h>
#include <stdbool.h>

#include "par.h"

void
par_run(void *(*fn)(void *), void *arg, size_t size, unsigned nw)
{
	pthread_t th[PAR_MAXTHREADS];
	bool ok[PAR_MAXTHREADS];

	if (nw > PAR_MAXTHREADS)
		nw = PAR_MAXTHREADS;
	for (unsigned i = 1; i < nw; i++)
		ok[i] = pthread_create(&th[i], NULL, fn, (char *)arg +
		    i * size) == 0;
	fn(arg);
	for (unsigned i = 1; i < nw; i++)
		if (ok[i])
			pthread_join(th[i], NULL);
		else
			fn((char *)arg + i * size);
}
