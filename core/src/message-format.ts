/** Values for a message's placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The one placeholder filler, for the server's messages and the web's labels alike: `{name}`,
 * and `${name}` because the spec quotes its subscribe button as a template literal
 * ('SUSCRIBE ${price} USD x month'); the `$` is not shown. A placeholder without a value stays.
 */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\$?\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}
