/** "0x71C7…976F": a long address or key with its middle left out, its head and tail kept to be told apart. */
export const shorten = (s: string, head = 6, tail = 4) => (s.length > head + tail + 3 ? `${s.slice(0, head)}…${s.slice(-tail)}` : s);
