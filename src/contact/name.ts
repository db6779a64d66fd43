/** "Ada Lovelace": first and last name joined by one space, trimmed. Shared by the form and the server. */
export function joinName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}
