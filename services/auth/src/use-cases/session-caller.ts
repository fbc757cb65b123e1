/** Who calls a sign-up step: the account of the bearer token register or login returned. */
export interface SessionCaller {
  userId: string;
  email: string;
  ip: string;
  requestId: string;
}
