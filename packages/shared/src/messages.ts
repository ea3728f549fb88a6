/**
 * Every Chinese message the server sends and the client may show for it.
 * Texts the spec gives are kept verbatim; the rest are ours, in the same voice.
 */
export const MESSAGES = {
  // generic request errors
  badRequest: "请求参数有误",
  malformedJson: "请求内容不是有效的 JSON",
  unsupportedMediaType: "不支持的请求内容类型",
  payloadTooLarge: "请求内容过大",
  routeNotFound: "请求的接口不存在",
  notFound: "请求的资源不存在",
  internal: "服务器内部错误，请稍后重试",
  tooManyRequests: "请求过于频繁，请稍后再试",
  idInvalid: "编号必须是正整数",
  idOutOfRange: "编号超出范围",

  // auth
  notLoggedIn: "请先登录",
  tokenInvalid: "登录已失效，请重新登录",
  refreshInvalid: "刷新令牌无效或已过期，请重新登录",
  loginFailed: "用户名或密码错误",
  loginRateLimited: "登录失败次数过多，请一分钟后再试",
  usernameTaken: "该用户名已被注册",
  usernameRequired: "请输入用户名！",
  passwordRequired: "请输入密码！",
  emailRequired: "请输入邮箱！",
  usernameInvalid: "用户名需为2到32个字符，只能包含字母、数字、汉字、下划线、点或短横线",
  passwordTooShort: "密码至少需要8个字符",
  passwordTooLong: "密码不能超过128个字符",
  emailInvalid: "邮箱格式不正确",
  userNotFound: "用户不存在",
  forbidden: "你没有权限执行此操作",

  // nodes and relations (the spec's texts where it gives them)
  nodeForbidden: "你没有权限访问该知识点，请联系知识树的主人授权访问",
  nodeNotFound: "该知识点不存在，可能已被删除",
  nodeWriteForbidden: "你没有编辑该知识点的权限",
  nodeTypeInvalid: "不支持的节点类型",
  relationNameInvalid: "不支持的关系名称",
  relationNotFound: "关系记录 {id} 不存在",
  nextNodeNotSibling: "插入位置的节点不在该位置下",
  moveIntoOwnSubtree: "不能把节点移动到它自己的子树中",
  moveWayRequired: "请选择移动方式",
  cannotDeleteUserRoot: "不能删除用户根节点",
  relationExists: "该关系已经存在",
  nameTooLong: "名称不能超过2000个字符",
  contentTooLarge: "内容过大",
  fileTooLarge: "文件过大：图片不能超过 20 MB，其他文件不能超过 100 MB",
  imageTypeInvalid: "只支持 jpeg、png、gif、bmp、webp、tiff 格式的图片",
  fileMissing: "请选择要上传的文件",
  notMultipart: "请以 multipart/form-data 方式上传文件",
  unknownAction: "不支持的操作：{action}",
  noSource: "该知识点没有同步来源",
  noPendingUpdates: "没有待处理的更新",
  sourceUnchanged: "来源没有新的变化",
  invalidNumber: "Invalid number input",
  invalidJson: "Invalid JSON input",
  invalidDate: "Invalid date format",
} as const;

export type MessageKey = keyof typeof MESSAGES;
