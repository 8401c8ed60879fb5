/**
 * Marco Civil da Internet (Lei 12.965/2014), art. 15: an application provider keeps its access logs (IP,
 * date and time) for six months. Retention of IPs and user agents below this is allowed but warned about.
 */
export const MARCO_CIVIL_ACCESS_LOG_DAYS = 180;
