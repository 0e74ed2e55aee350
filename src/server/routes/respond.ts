/** The success envelope of every API answer: { message, data }. */
export const ok = <T>(message: string, data: T = null as T) => ({ message, data });
