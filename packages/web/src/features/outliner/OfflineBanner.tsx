import { Alert } from "antd";
import { zh } from "../../i18n/zh-CN";
import { useConnectivity } from "./offline";

/** Says that edits are kept while the network is gone, and how many wait; gone once they are sent. */
export function OfflineBanner() {
  const { offline, waiting } = useConnectivity();
  if (!offline || waiting === 0) return null;
  return <Alert type="warning" showIcon banner role="status" title={zh.outliner.offline(waiting)} />;
}
