import type { DialogueReaderFields } from "@zhishu/shared";
import { Alert, Button } from "antd";
import { useState } from "react";
import { AddFriendModal } from "../../components/user/AddFriendModal";
import { useUserNode } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";

const t = zh.dialogues;

/**
 * The banners of people-spec 2 "Dialogue view": a blocked dialogue takes no messages; a stranger
 * dialogue takes only a friend request (offered here, to the other person).
 */
export function ModeBanner({
  mode,
  otherId,
}: {
  mode: DialogueReaderFields["dialogue_mode"];
  otherId: number | undefined;
}) {
  const [adding, setAdding] = useState(false);
  const other = useUserNode(mode === "stranger" ? (otherId ?? 0) : 0);
  if (mode === "blocked") return <Alert type="error" showIcon title={t.blocked} className="dlg-banner" />;
  if (mode !== "stranger") return null;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="dlg-banner"
        title={t.strangerTitle}
        description={t.strangerText}
        action={
          otherId ? (
            <Button size="small" onClick={() => setAdding(true)} disabled={!other.data}>
              {t.addFriend}
            </Button>
          ) : undefined
        }
      />
      {adding && other.data && (
        <AddFriendModal open initialUser={other.data} onClose={() => setAdding(false)} />
      )}
    </>
  );
}
