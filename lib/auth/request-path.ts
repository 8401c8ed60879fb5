/** The request header proxy.ts sets to the page's path and query, so a redirect to sign-in can come back to it. */
export const REQUEST_PATH_HEADER = "x-leadlink-path";
