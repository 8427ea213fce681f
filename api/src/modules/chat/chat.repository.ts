// The chat token is derived from the authenticated session (no table of its own); the phone
// comes from the auth lookup already made for the request.
export {};
