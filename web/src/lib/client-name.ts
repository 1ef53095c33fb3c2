/** How the pages name a client: "Alan Turing", or "Client 1" until they have a name. */
export function clientName(client: { firstName?: string | null; lastName?: string | null }, index: number): string {
  const name = [client.firstName, client.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? `Client ${String(index + 1)}` : name;
}
