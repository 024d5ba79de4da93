/**
 * An e-mail address in a narrow column: it may wrap before the '@' (laura.garcia / @example.es)
 * before it breaks anywhere inside a word.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
