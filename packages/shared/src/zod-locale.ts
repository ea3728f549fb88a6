import { z } from "zod";

// zod's own messages (for checks we give no text of our own) in Chinese, for the server and the client alike.
z.config(z.locales.zhCN());
