import { signInMessages } from './sign-in-messages';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';

/** What a member-only screen shows a guest: its title and a way to sign in. */
export function SignInPrompt({ title, loginHref }: { title: string; loginHref: string }) {
  const t = useT(signInMessages);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{t('signInFirst')}</p>
      <Link href={loginHref} className="button">
        {t('signIn')}
      </Link>
    </section>
  );
}
