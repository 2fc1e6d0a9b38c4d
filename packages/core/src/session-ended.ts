/**
 * A session the server ended (signed out everywhere else, from another device): the 401 rule notes when, in this
 * tab's session storage under this key, before it goes to the login page; the login element then says so instead
 * of showing an unexplained login form, for a few minutes or until the next login.
 *
 * The key is a type, and each side writes it as a value checked against it: the rule comes with the first API call,
 * and a constant both import would sit in the code every element loads first (the quote form's size budget).
 */
export type SessionEndedKey = "sessionEnded";
