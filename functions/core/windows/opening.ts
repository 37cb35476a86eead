/**
 * Windows being opened, per session, in this process: a count of the session's windows is taken before a window
 * opens, so requests opening windows at once would all see room for one more and pass the cap together (the
 * browser then shuts the ones past it, and their requests end "browser closed"). Each open holds its place here
 * until it is done, and the cap counts them with the windows already open. Across processes (Lambda containers)
 * the cap can be passed by their opens in flight, as the session cap can.
 */
const opening = new Map<string, number>();

/** The session's opens in flight here. */
export const openingIn = (sessionId: string): number => opening.get(sessionId) ?? 0;

/** Holds a place for one open until `open` settles. */
export const holdingPlace = async <T>(sessionId: string, open: () => Promise<T>): Promise<T> => {
  opening.set(sessionId, openingIn(sessionId) + 1);
  try {
    return await open();
  } finally {
    const left = openingIn(sessionId) - 1;
    if (left > 0) opening.set(sessionId, left);
    else opening.delete(sessionId);
  }
};
