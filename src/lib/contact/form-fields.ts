/**
 * Names of the contact form's fields that both the server and the browser read, without the
 * schemas of message.ts (the service worker imports this, and must stay small).
 */

/** Name of the hidden field people leave empty and form-filling robots do not. */
export const honeypotField = 'website';
