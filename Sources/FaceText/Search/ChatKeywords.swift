/// The everyday words chat users type for an emoji that CLDR's names and
/// keywords lack: `点赞` for 👍, `加油` for 💪, `庆祝` for 🎉, `bye` for 👋.
/// A search ranks them as it ranks a face's own keywords (``Face/keywords``),
/// and a face inherits those of its emoji.
///
/// The list is facetext's own, kept short: a word goes here when a person
/// would type it for this emoji first and CLDR does not already say so.
enum ChatKeywords {
    /// One line per emoji: the emoji, a tab, then its words separated by `|`.
    static let list: StaticString = """
        👍\t点赞|赞|好评|厉害|棒|强|nice|like
        👎\t踩|差评|弱|鄙视|dislike
        💪\t加油|努力|奋斗|强壮|给力|fighting
        🎉\t庆祝|恭喜|撒花|祝贺|派对|congrats|celebrate
        👋\t再见|拜拜|拜|你好|嗨|bye|goodbye|hi|hello
        😂\t笑哭|笑死|哈哈哈|笑cry|lol
        🤣\t笑死|笑翻|笑疯|哈哈哈|rofl|lmao
        😭\t大哭|哭|哭哭|呜呜|泪奔|sob
        😢\t哭|难过|流泪|伤心
        😊\t开心|高兴|微笑|害羞|happy
        😄\t开心|高兴|哈哈|happy
        😁\t嘻嘻|开心|呲牙
        😆\t哈哈|大笑|开心
        🙂\t微笑|呵呵|smile
        🙃\t倒脸|无奈|呵呵
        🤭\t偷笑|捂嘴笑
        🤦\t捂脸|无语|facepalm
        😅\t尴尬|苦笑|汗|冷汗
        😓\t汗|冷汗|尴尬
        😳\t脸红|害羞|震惊|尴尬
        🥰\t爱你|喜欢|可爱|爱心脸
        😍\t花痴|色|喜欢|爱
        😘\t亲亲|飞吻|么么哒|mua|kiss
        😗\t亲亲|kiss
        🤗\t抱抱|拥抱|hug
        🫂\t抱抱|拥抱|hug
        🙏\t谢谢|感谢|拜托|祈祷|求求|合十|thanks|please|pray
        🤝\t握手|合作|成交|deal
        👏\t鼓掌|拍手|厉害|bravo|clap
        👌\tok|好的|没问题|收到
        ✌️\t耶|胜利|剪刀手|yeah|peace
        🤞\t好运|祈祷|保佑|luck
        🫶\t比心|爱你
        ❤️\t爱|爱心|心|爱你|love
        💔\t心碎|伤心|失恋
        😡\t生气|愤怒|发火|气死|angry
        😠\t生气|愤怒|angry
        🤬\t骂人|愤怒|气死
        😤\t哼|生气|傲娇
        🙄\t白眼|翻白眼|无语
        😒\t无语|不屑|鄙视
        😑\t无语|面无表情
        😐\t无语|面无表情
        😶\t无语|沉默
        🤔\t思考|想想|疑问|嗯|think|hmm
        ❓\t问号|疑问|为什么|问
        ❗\t感叹号|重要
        🤫\t嘘|安静|保密|shh
        🤐\t闭嘴|保密
        😴\t睡觉|困|晚安|sleep
        😪\t困|犯困|想睡
        🥱\t困|打哈欠|哈欠|无聊
        🌙\t晚安|月亮|night
        🌞\t早安|太阳|morning
        ☀️\t早安|太阳|晴天|sunny
        😎\t酷|帅|墨镜|得意|cool
        😏\t得意|坏笑|奸笑|smirk
        😈\t坏笑|恶魔|坏
        😜\t调皮|吐舌|鬼脸
        😝\t调皮|吐舌|鬼脸
        😋\t好吃|馋|美味|yummy
        🤤\t流口水|馋|想吃
        😷\t口罩|生病|感冒
        🤒\t发烧|生病
        🤧\t感冒|打喷嚏
        🤮\t呕吐|吐|恶心
        🤢\t恶心|想吐
        😵\t晕|头晕
        😵‍💫\t晕|头晕
        🤯\t崩溃|炸裂|震惊
        😱\t惊恐|吓死|尖叫|害怕
        😨\t害怕|恐惧
        😰\t冷汗|焦虑|紧张
        😮\t惊讶|哇|wow
        😲\t震惊|惊讶|吃惊
        🥺\t可怜|委屈|求求|拜托
        🥹\t感动|委屈|忍住泪
        😔\t失落|难过|沮丧
        😞\t失望|难过
        😩\t累|崩溃|绝望
        😫\t累|抓狂
        🤪\t疯了|搞怪
        🤓\t学霸|书呆子|nerd
        🧐\t观察|研究|思考
        🤑\t发财|钱|有钱
        💰\t钱|发财|有钱|money
        🧧\t红包|压岁钱|利是
        🎁\t礼物|送礼|gift
        🎂\t生日|生日快乐|蛋糕|birthday
        🍰\t蛋糕|甜点
        🍻\t干杯|喝酒|啤酒|cheers
        🥂\t干杯|cheers
        🍺\t啤酒|喝酒|beer
        ☕\t咖啡|coffee
        🧋\t奶茶
        🍉\t吃瓜|西瓜|围观
        🍋\t柠檬|酸|柠檬精|嫉妒
        🌹\t玫瑰|花|送花|rose
        🥀\t凋谢|枯萎|伤心
        💐\t花|送花|鲜花|花束
        🔥\t火|火爆|厉害|热门|fire
        💯\t满分|一百分|完美|100
        ✅\t对|正确|完成|勾|done
        ❌\t错|错误|叉|不行|no
        🚫\t禁止|不准|不要
        ⚠️\t警告|注意|小心
        💩\t便便|屎|大便|poop
        🐷\t猪|猪头|pig
        🐶\t狗|狗头|小狗|dog
        🐕\t狗|dog
        🐱\t猫|小猫|猫咪|cat
        🐔\t鸡|小鸡
        💀\t骷髅|死了|笑死|dead
        👻\t鬼|幽灵|ghost
        🤡\t小丑|clown
        👽\t外星人|alien
        🤖\t机器人|robot
        🧨\t鞭炮|爆竹|过年
        🎆\t烟花|新年
        🎇\t烟花
        🏮\t灯笼|新年|春节|过年
        🧑‍🎄\t圣诞|圣诞老人
        🎄\t圣诞|圣诞节|圣诞树|christmas
        🎅\t圣诞老人|圣诞|santa
        🍜\t面条|拉面|吃面|noodles
        🍚\t米饭|吃饭|饭|rice
        🥟\t饺子|dumpling
        🍲\t火锅|汤
        🍗\t鸡腿|吃鸡
        🍔\t汉堡|burger
        🍟\t薯条|fries
        🍕\t披萨|比萨|pizza
        📷\t拍照|相机|照相机|photo
        📱\t手机|phone
        💻\t电脑|工作|加班|laptop
        ✈️\t飞机|旅行|出差|plane
        🚗\t汽车|开车|car
        🏠\t家|回家|home
        ⏰\t闹钟|起床|时间
        🏆\t冠军|第一|奖杯|champion
        🥇\t第一|冠军|金牌
        👑\t王冠|女王|国王|king|queen
        💎\t钻石|diamond
        🎈\t气球|balloon
        🎵\t音乐|唱歌|music
        🎤\t唱歌|麦克风|k歌|sing
        💃\t跳舞|dance
        🏃\t跑步|跑|run
        🏀\t篮球|basketball
        ⚽\t足球|football|soccer
        🎮\t游戏|打游戏|game
        📚\t学习|读书|书|study
        ✍️\t写作业|写字|学习
        🙈\t不看|捂眼|害羞
        🙉\t不听|捂耳朵
        🙊\t不说|捂嘴
        🙋\t举手|我|hi
        🙅\t不行|拒绝|no
        🙆\tok|好的
        🙇\t鞠躬|抱歉|对不起|sorry
        🤷\t耸肩|无奈|不知道|whatever
        👀\t看|围观|眼睛|look
        👉\t指|这个|你
        👆\t上面|顶
        💤\t睡觉|困|zzz
        🌈\t彩虹|rainbow
        ⭐\t星星|star
        ✨\t闪亮|闪闪|sparkle
        ⚡\t闪电|电|lightning
        🌧️\t下雨|雨|rain
        ❄️\t雪|下雪|冷|snow
        🥶\t冷|冻死|cold
        🥵\t热|热死|hot
        🚀\t火箭|起飞|冲|rocket
        🐌\t蜗牛|慢|slow
        🆗\tok|好的
        🈶\t有
        🉑\t可以|可
        🀄\t中|麻将|红中
        """

    /// Calls `body` with the UTF-8 bytes of each word of the emoji on `line` of
    /// the annotation table (``AnnotationTable``).
    static func forEachKeyword(ofLine line: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bytes = UnsafeBufferPointer(start: list.utf8Start, count: list.utf8CodeUnitCount)
        guard line + 1 < firstByLine.count else { return }
        for index in Int(firstByLine[line])..<Int(firstByLine[line + 1]) {
            let range = ranges[index]
            body(UnsafeBufferPointer(rebasing: bytes[Int(range.lowerBound)..<Int(range.upperBound)]))
        }
    }

    /// Where each word is in ``list``, ordered by line; line `n`'s are
    /// `ranges[firstByLine[n]..<firstByLine[n + 1]]`. Read once, by bytes.
    private static let (ranges, firstByLine): ([Range<Int32>], [Int32]) = {
        let bytes = UnsafeBufferPointer(start: list.utf8Start, count: list.utf8CodeUnitCount)
        let table = AnnotationTable.shared
        var found: [(line: Int, range: Range<Int32>)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var tab = start
            while tab < end, bytes[tab] != 0x09 { tab += 1 }
            if tab < end, let line = table.line(ofBytes: UnsafeBufferPointer(rebasing: bytes[start..<tab])) {
                var word = tab + 1
                for index in (tab + 1)...end where index == end || bytes[index] == UInt8(ascii: "|") {
                    if index > word { found.append((line, Int32(word)..<Int32(index))) }
                    word = index + 1
                }
            }
            start = end + 1
        }
        found.sort { ($0.line, $0.range.lowerBound) < ($1.line, $1.range.lowerBound) }
        var firstByLine = [Int32](repeating: 0, count: table.count + 1)
        var index = 0
        for line in 0...table.count {
            while index < found.count, found[index].line < line { index += 1 }
            firstByLine[line] = Int32(index)
        }
        return (found.map(\.range), firstByLine)
    }()
}
