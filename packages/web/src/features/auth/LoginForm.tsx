import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";

interface Values {
  username: string;
  password: string;
  email?: string;
}

/** The signed-out home: login, or register (email only in register mode), with the spec's texts. */
export function LoginForm() {
  const [mode, setMode] = useState<"login" | "register">("login");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { login, register } = useAuth();
  const registering = mode === "register";

  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      if (registering) await register(values.username, values.email ?? "", values.password);
      else await login(values.username, values.password);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 400, margin: "64px auto" }}>
      <Typography.Title level={3} style={{ textAlign: "center" }}>
        {zh.auth.welcome}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: "center" }}>
        {zh.auth.subtitle}
      </Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Form<Values> layout="vertical" onFinish={submit} key={mode} requiredMark={false}>
        <Form.Item
          label={zh.auth.username}
          name="username"
          rules={[{ required: true, message: zh.auth.usernameRequired }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        {registering && (
          <Form.Item
            label={zh.auth.email}
            name="email"
            rules={[{ required: true, message: zh.auth.emailRequired }]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
        )}
        <Form.Item
          label={zh.auth.password}
          name="password"
          rules={[{ required: true, message: zh.auth.passwordRequired }]}
        >
          <Input.Password autoComplete={registering ? "new-password" : "current-password"} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {registering ? zh.auth.register : zh.auth.login}
        </Button>
      </Form>
      <Button
        type="link"
        block
        style={{ marginTop: 8 }}
        onClick={() => {
          setMode(registering ? "login" : "register");
          setError(null);
        }}
      >
        {registering ? zh.auth.toLogin : zh.auth.toRegister}
      </Button>
    </Card>
  );
}
