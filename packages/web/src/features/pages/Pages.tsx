import { Alert, Result, Typography } from "antd";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { LoginForm } from "../auth/LoginForm";
import { Home } from "../home/Home";

/** A page whose feature arrives in a later issue: its title and nothing invented. */
export function TitledPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section>
      <Typography.Title level={2}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/** A title built from the route's parameters. */
export function ParamPage({ title }: { title: (params: Record<string, string>) => string }) {
  const params = useParams() as Record<string, string>;
  return <TitledPage title={title(params)} />;
}

/**
 * Pages that need a signed-in user warn when nobody is (people-spec 2, 6) and offer the login form in
 * place: a link opened signed out (a shared node, say) shows its page once the person has logged in.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useAuth((s) => s.loggedIn);
  if (loggedIn) return children;
  return (
    <>
      <Alert type="warning" showIcon title={zh.auth.loginRequired} description={zh.auth.loginRequiredHint} />
      <LoginForm />
    </>
  );
}

/** Home: the login form signed out; signed in, the user's trees (people-spec 2). */
export function HomePage() {
  const loggedIn = useAuth((s) => s.loggedIn);
  return loggedIn ? <Home /> : <LoginForm />;
}

export function AboutPage() {
  return (
    <TitledPage title={zh.pages.about}>
      <Typography.Paragraph>{zh.about}</Typography.Paragraph>
    </TitledPage>
  );
}

export function NotFoundPage() {
  return <Result status="404" title={zh.pages.notFound} subTitle={zh.pages.notFoundHint} />;
}
