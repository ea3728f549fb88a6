import { MESSAGES, USER_TYPE_LABELS } from "@zhishu/shared";

/** People (people-spec 2, 5, 8): /friends, user cards, the user searcher and modals, friend requests. */
export const peopleTexts = {
  people: {
    // /friends (我的好友)
    myProfile: "我的资料",
    relations: "我的关系",
    relationTypes: { FRIEND: "好友", GROUP: "群组", FOLLOWER: "粉丝", FOLLOWING: "关注" },
    clickToLoad: (label: string) => `点击加载${label}列表`,
    listEmpty: (label: string) => `暂无${label}`,
    total: (n: number) => `共 ${n} 位`,
    addFriend: "添加好友",
    createGroup: "创建群组",
    searchUsers: "搜索用户",
    loadUserFailed: "加载用户信息失败",
    loadRelationsFailed: "加载关系数据失败",
    notLoggedIn: "用户未登录",
    incoming: "待处理的好友请求",
    incomingEmpty: "没有待处理的好友请求",
    incomingFailed: "加载好友请求失败",

    // the user card
    userTypes: USER_TYPE_LABELS as Record<string, string>,
    stats: {
      friends_count: "好友",
      groups_count: "群组",
      followers_count: "粉丝",
      following_count: "关注",
    },
    actions: "用户操作",
    actionsOf: (name: string) => `${name} 的操作`,
    viewProfile: "查看资料",
    sendMessage: "发消息",
    joinGroup: "加入群组",
    joinFailed: "加入群组失败",
    you: "我",

    // the user searcher and the user search modal
    searchPlaceholder: "输入用户名、拼音或首字母搜索",
    searchLabel: "搜索用户",
    noUser: "没有找到这个用户",
    alreadyThere: "已存在",
    clearChoice: "清除选择",
    openProfile: (name: string) => `查看 ${name} 的资料`,
    searchFailed: "搜索失败",
    chooseAtLeastOne: "请选择至少一个用户",
    pickOne: (name: string) => `选择 ${name}`,
    ok: "确定",
    cancel: "取消",
    resultsLabel: "搜索结果",
    selectedCount: (n: number) => `已选择 ${n} 位`,

    // add friend
    addFriendTitle: "添加好友",
    userLabel: "用户",
    chooseFirst: "请先选择要添加的用户",
    chooseUser: MESSAGES.chooseUser,
    greeting: "问候语",
    greetingPlaceholder: "介绍一下自己（可选）",
    send: "发送请求",
    requestSent: MESSAGES.friendRequestSent,
    addFriendFailed: "添加好友失败",

    // create group
    createGroupTitle: "创建群组",
    groupName: "群组名称",
    groupNameRequired: MESSAGES.groupNameRequired,
    groupDescription: "群组简介",
    create: "创建",
    groupCreated: MESSAGES.groupCreated,
    createGroupFailed: "创建群组失败",

    // the friend request card
    requestTitle: "好友请求",
    requestFrom: (name: string) => `${name} 请求添加你为好友`,
    requestTo: (name: string) => `你请求添加 ${name} 为好友`,
    requestBetween: (requester: string, target: string) => `${requester} 请求添加 ${target} 为好友`,
    noGreeting: "（没有问候语）",
    accept: "接受",
    reject: "拒绝",
    accepted: "已接受",
    rejected: "已拒绝",
    waiting: "等待对方处理",
    acceptDone: MESSAGES.friendRequestAccepted,
    rejectDone: MESSAGES.friendRequestRejected,
    acceptFailed: "接受好友请求失败",
    rejectFailed: "拒绝好友请求失败",
    openProfileFailed: "打开用户资料失败",
  },
} as const;
