/** Polls `fn` until it returns a truthy value (jobs run asynchronously); fails with the last value after `ms`. */
export async function esperarAte<T>(fn: () => Promise<T>, ms = 10_000, rotulo = "condição"): Promise<NonNullable<T>> {
  const fim = Date.now() + ms;
  let ultimo: T | undefined;
  while (Date.now() < fim) {
    ultimo = await fn();
    if (ultimo) return ultimo as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${rotulo} não aconteceu em ${ms} ms (último valor: ${JSON.stringify(ultimo)})`);
}
