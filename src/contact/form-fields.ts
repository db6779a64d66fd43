/**
 * Names of the contact form's fields that both the server and the browser read, without the
 * schemas of message.ts (the service worker imports this, and must stay small).
 */

/** Name of the hidden field people leave empty and form-filling robots do not. */
export const honeypotField = 'website';

/**
 * The optional details of a sample or data-sheet request, in the order of the form, with the name
 * the server's reasons and the e-mail give each. The form's own labels are in
 * src/content/contact-form.json.
 */
export const requestDetailLabels = {
  country: 'Country',
  quantity: 'Quantity',
  substrate: 'Substrate or process',
} as const;
export type RequestDetail = keyof typeof requestDetailLabels;
export const requestDetailFields = Object.keys(requestDetailLabels) as RequestDetail[];

/** The fields the server names in its reasons, in the order of the form. */
export const errorFields = ['name', 'email', 'company', ...requestDetailFields, 'message'] as const;
export type ErrorField = (typeof errorFields)[number];

/** The input of each field the server may name in its answer: where its reason links to. */
export const errorFieldInputs: Record<ErrorField, string> = {
  name: 'firstName',
  email: 'email',
  company: 'company',
  country: 'country',
  quantity: 'quantity',
  substrate: 'substrate',
  message: 'message',
};
